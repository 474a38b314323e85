// The intermediate information tab of /document-details: the procedures of the application by date, each with its
// group and title in the page's language.
import type { ProcedureRecord } from '../../src/patents/record.ts';
import { procedureGroup, procedureTitle } from '../../src/document-details/procedure-types.ts';
import { usePage } from '../page-context.tsx';
import { formatDate, NS } from './format.tsx';

export function Procedures({ procedures }: { procedures: ProcedureRecord[] }) {
  const { t, lang } = usePage();
  if (procedures.length === 0) return <p className="docsection__empty">{t('noProcedures', NS)}</p>;
  return (
    <table className="table docprocedures">
      <thead>
        <tr>
          <th scope="col">{t('procedure.date', NS)}</th>
          <th scope="col">{t('procedure.document', NS)}</th>
          <th scope="col">{t('procedure.code', NS)}</th>
        </tr>
      </thead>
      <tbody>
        {procedures.map((procedure, i) => {
          const group = procedureGroup(procedure.code);
          return (
            <tr key={i} data-code={procedure.code ?? ''}>
              <td className="docprocedures__date">{formatDate(procedure.date, lang) ?? procedure.date}</td>
              <td>
                {group && <span className={`docprocedures__group docprocedures__group--${group}`}>{t(`procedure.group.${group}`, NS)}</span>}
                {procedureTitle(procedure.code, procedure.title, lang)}
              </td>
              <td className="docprocedures__code">{procedure.code ?? ''}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
