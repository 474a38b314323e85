// The description tab of /document-details: headings and numbered paragraphs (【0001】 in Japanese documents),
// with the search's words marked.
import type { DescriptionBlock } from '../../src/document-details/service.ts';
import type { Highlighter } from '../../src/search/highlight.ts';
import { usePage } from '../page-context.tsx';
import { Marked, NS } from './format.tsx';

export function Description({ blocks, japanese, highlight }: { blocks: DescriptionBlock[]; japanese: boolean; highlight?: Highlighter | null }) {
  const { t } = usePage();
  if (blocks.length === 0) return <p className="docsection__empty">{t('noDescription', NS)}</p>;
  const paragraphs = blocks.filter((block) => block.kind === 'paragraph').length;
  return (
    <>
      <p className="docsection__meta">{t('paragraphCount', { ...NS, count: paragraphs })}</p>
      <div className="docdescription">
        {blocks.map((block, i) =>
          block.kind === 'heading' ? (
            <h3 key={i} className="docdescription__heading">
              {block.text}
            </h3>
          ) : (
            <p key={i} className="docparagraph" id={block.number ? `p${block.number}` : undefined}>
              {block.number && <span className="docparagraph__number">{japanese ? `【${block.number}】` : `[${block.number}]`}</span>}
              <span className="docparagraph__text">
                <Marked text={block.text} highlight={highlight} />
              </span>
            </p>
          ),
        )}
      </div>
    </>
  );
}
