// A figure without a picture (画像なし / No picture) in either editor: its place, said in words,
// and — on a version that can be edited — a button that attaches a picture in that place. The
// chosen file goes to the editor's own upload, which checks it by content; the figure changes
// only once the server has stored the picture with a new version.
import { useRef } from 'react';

export const DRAWING_ACCEPT = '.png,.jpg,.jpeg,.gif,image/png,image/jpeg,image/gif';

export interface AttachButton {
  /** The button's words (画像を添付) and its name for a screen reader (図２に画像を添付). */
  label: string;
  ariaLabel: string;
  disabled: boolean;
  onPicture: (file: File) => void;
}

export function NoPicture({ text, attach }: { text: string; attach?: AttachButton }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="draft-editor__no-picture" data-testid="no-picture">
      <span>{text}</span>
      {attach && (
        <>
          <button type="button" className="button button--small" disabled={attach.disabled} onClick={() => input.current?.click()} aria-label={attach.ariaLabel} data-testid="attach-picture">
            {attach.label}
          </button>
          <input
            ref={input}
            type="file"
            accept={DRAWING_ACCEPT}
            hidden
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) attach.onPicture(file);
            }}
            data-testid="attach-picture-input"
          />
        </>
      )}
    </div>
  );
}
