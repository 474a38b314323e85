// The elements of an invention as the simulation will cut them (the text tab's preview, the document tab's claim),
// with a link to edit them as lines. Apart from PriorartForm.tsx, which shows it in both tabs.
import { useT } from '../i18n.tsx';
import { elementLabel } from './model.ts';

export interface Element {
  id: number;
  text: string;
  preamble?: boolean;
  subject?: boolean;
}

export function ElementList({ elements, onEdit }: { elements: Element[] | null; onEdit?: () => void }) {
  const t = useT();
  if (!elements) return null;
  return (
    <div className="pa-elements" data-testid="element-preview">
      <div className="fb-label-row">
        <span className="form__label">{t('priorartForm.elements.title', { count: elements.length })}</span>
        {onEdit && elements.length > 0 && (
          <button type="button" className="fb-link" onClick={onEdit} data-testid="edit-elements">
            {t('priorartForm.elements.edit')}
          </button>
        )}
      </div>
      {elements.length === 0 ? (
        <p className="fb-hint">{t('priorartForm.elements.none')}</p>
      ) : (
        <ol className="pa-elements__list">
          {elements.map((element) => (
            <li key={element.id} className="pa-elements__item">
              <span className="pa-elements__label">{elementLabel(element.id)}</span>
              <span className="pa-elements__text">{element.text}</span>
              {element.preamble && <span className="fb-badge">{t(element.subject ? 'priorartForm.elements.subject' : 'priorartForm.elements.preamble')}</span>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
