// How a section of a draft reads when it is not being edited: paragraphs, the cited documents
// with their 【特許文献１】 labels, or the reference signs. Shared by the creation result's editor
// and the document editor; `empty` is the reader's word for a section with nothing in it.
import type { DocumentLanguage, PatentSections } from '../../src/patent-documents/model.ts';
import { citationLabel, paragraphsOf } from './sections.ts';

type ReadSection = Exclude<keyof PatentSections, 'claims'>;

export function SectionBody({ section, sections, lang, empty }: { section: ReadSection; sections: PatentSections; lang: DocumentLanguage; empty: string }) {
  const nothing = <p className="draft-editor__empty">{empty}</p>;
  if (section === 'preDocPatents' || section === 'preDocNonPatents') {
    const items = sections[section];
    if (!items.length) return nothing;
    return (
      <ul className="draft-editor__list">
        {items.map((item, i) => (
          <li key={i}>
            <span className="draft-editor__label">{citationLabel(lang, i, section === 'preDocPatents' ? 'patent' : 'nonPatent')}</span> {item}
          </li>
        ))}
      </ul>
    );
  }
  if (section === 'symbol_descriptions') {
    if (!sections.symbol_descriptions.length) return nothing;
    return (
      <dl className="draft-editor__signs">
        {sections.symbol_descriptions.map((sign, i) => (
          <div key={i}>
            <dt>{sign.sign}</dt>
            <dd>{sign.name}</dd>
          </div>
        ))}
      </dl>
    );
  }
  const paragraphs = paragraphsOf(sections[section]);
  return paragraphs.length ? <>{paragraphs.map((paragraph, i) => <p key={i}>{paragraph}</p>)}</> : nothing;
}
