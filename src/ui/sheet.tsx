import { useEffect, useRef, type ReactNode } from 'react';
import './sheet.css';

type SheetProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  testId?: string;
  roomy?: boolean;
  className?: string;
};

/**
 * A bottom sheet over the screen (a modal `<dialog>`: focus stays inside, Esc closes it).
 * `open` drives it; `onClose` is called for Esc and a tap outside. `roomy` spaces a tall form wider
 * and caps the sheet at 92% of the screen's height; `className` is added to the dialog's own.
 */
export function Sheet({ open, onClose, title, children, testId, roomy = false, className }: SheetProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal?.();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={['sheet', roomy ? 'sheet--roomy' : '', className ?? ''].filter(Boolean).join(' ')}
      aria-label={title}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
    >
      <div className="sheet__body">
        <h2 className="t-h2">{title}</h2>
        {open && children}
      </div>
    </dialog>
  );
}

/** The sheet for a tall form (see `roomy`). */
export function RoomySheet(props: Omit<SheetProps, 'roomy'>) {
  return <Sheet {...props} roomy />;
}
