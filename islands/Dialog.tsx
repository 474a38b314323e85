// The product's modal dialog: fixed sizes from §2 (logout 288×184, notices 562×204).
import { useEffect, useRef, type ReactNode } from 'react';

export function Dialog(props: {
  size: 'small' | 'notice';
  title: string;
  children: ReactNode;
  okLabel: string;
  onOk: () => void;
  okDisabled?: boolean;
  testId?: string;
  /** A confirmation: a second button that closes without acting (focused first, so Enter never confirms by accident). */
  cancelLabel?: string;
  onCancel?: () => void;
}) {
  const okButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  useEffect(() => (cancelButton.current ?? okButton.current)?.focus(), []);
  return (
    <div className="dialog-backdrop">
      <div className={`dialog dialog--${props.size}`} role="alertdialog" aria-modal="true" aria-labelledby="dialog-title" data-testid={props.testId}>
        <h2 id="dialog-title" className="dialog__title">
          {props.title}
        </h2>
        <div className="dialog__body">{props.children}</div>
        <div className="dialog__actions">
          {props.cancelLabel && (
            <button ref={cancelButton} type="button" className="button" onClick={props.onCancel}>
              {props.cancelLabel}
            </button>
          )}
          <button ref={okButton} type="button" className="button button--primary" onClick={props.onOk} disabled={props.okDisabled}>
            {props.okLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
