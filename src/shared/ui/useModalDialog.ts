import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Opens a native <dialog> as a modal for as long as the component is mounted: the browser traps focus and
 * makes the page behind inert. `initialFocus` picks the first control; on close focus returns to whatever
 * opened the dialog, or to `fallbackFocus()` when that element is gone (e.g. a removed row).
 */
export function useModalDialog(
  ref: RefObject<HTMLDialogElement | null>,
  initialFocus: () => HTMLElement | null | undefined,
  fallbackFocus?: () => HTMLElement | null,
): void {
  // Latest callbacks in refs: the dialog opens once on mount, but closing must use the newest fallback.
  const initial = useRef(initialFocus);
  const fallback = useRef(fallbackFocus);
  useEffect(() => {
    initial.current = initialFocus;
    fallback.current = fallbackFocus;
  });

  // The opener is what has focus when the dialog first renders: the control just pressed. By the time
  // the effect runs, a busy page may already have moved focus elsewhere (the body), and focus would go
  // back there on close. The body itself is no opener: the fallback takes its place.
  const [opener] = useState(() =>
    typeof document !== 'undefined' && document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null,
  );

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    initial.current()?.focus();
    return () => {
      if (dialog?.open && typeof dialog.close === 'function') dialog.close();
      const target = opener?.isConnected ? opener : fallback.current?.();
      target?.focus();
    };
  }, [ref, opener]);
}
