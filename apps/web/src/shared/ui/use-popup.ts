import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

/**
 * Open/close rules shared by the menu button and the popover: a click outside closes, Escape
 * closes and gives focus back to the trigger. "Outside" follows the React tree, so a modal
 * opened from the popup (rendered elsewhere in the page) counts as inside and keeps it open.
 */
export function usePopup(kind: 'menu' | 'dialog') {
  const [open, setOpen] = useState(false);
  const popupId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  // Set by a pointer press anywhere under the popup (React events bubble through portals),
  // read by the document's listener, which runs after React's.
  const pressedInside = useRef(false);

  useEffect(() => {
    if (!open) return;
    pressedInside.current = false;
    const onPress = () => {
      if (!pressedInside.current) setOpen(false);
      pressedInside.current = false;
    };
    document.addEventListener('pointerdown', onPress);
    return () => document.removeEventListener('pointerdown', onPress);
  }, [open]);

  function close(returnFocus: boolean): void {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }

  /** For the element holding both the trigger and the popup. */
  const anchorProps = {
    onPointerDown: () => {
      pressedInside.current = true;
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      // Escape in a modal opened from the popup is the modal's.
      if (event.key !== 'Escape' || !open || !event.currentTarget.contains(event.target as Node)) return;
      event.stopPropagation();
      close(true);
    },
  };
  /** For the button that opens the popup (its accessible name and look are the caller's). */
  const triggerProps = {
    ref: triggerRef,
    type: 'button' as const,
    'aria-haspopup': kind,
    'aria-expanded': open,
    'aria-controls': open ? popupId : undefined,
  };
  return { open, setOpen, close, popupId, anchorProps, triggerProps };
}
