import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A bottom sheet over the screen (a modal `<dialog>`: focus stays inside, Esc closes it).
 * `open` drives it; `onClose` is called for Esc and a tap outside.
 */
export function Sheet({ open, onClose, title, children, testId }: { open: boolean; onClose: () => void; title: string; children: ReactNode; testId?: string }) {
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
      className="cert-sheet"
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
      <div className="cert-sheet__body">
        <h2 className="t-h2">{title}</h2>
        {open && children}
      </div>
    </dialog>
  );
}
