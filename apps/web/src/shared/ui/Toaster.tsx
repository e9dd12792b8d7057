import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION } from '@portal/contracts';
import { closeToast, useToasts, type Toast } from '../notify.ts';
import './toaster.css';

const GLYPHS = { success: '✓', error: '✕', info: 'i', warning: '!' } as const;

function ToastView({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // A toast being read (pointer on it) or reached by keyboard stays until it is left.
  const held = hovered || focused;
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => closeToast(toast.id), NOTIFICATION.durationSeconds * 1000);
    return () => clearTimeout(timer);
  }, [held, toast]);

  const { onClick } = toast;
  const text = (
    <>
      <span className="toast-title">{toast.title}</span>
      {toast.description && <span className="toast-description">{toast.description}</span>}
    </>
  );
  return (
    <div
      role={toast.type === 'error' ? 'alert' : 'status'}
      className={`toast toast-${toast.type}${onClick ? ' toast-clickable' : ''}`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => setFocused(event.currentTarget.contains(event.relatedTarget as Node | null))}
      // The whole toast is the target; its text is a button so the keyboard reaches it too.
      onClick={
        onClick &&
        (() => {
          closeToast(toast.id);
          onClick();
        })
      }
    >
      <span className={`toast-icon toast-icon-${toast.type}`} aria-hidden>
        {GLYPHS[toast.type]}
      </span>
      {onClick ? (
        <button type="button" className="toast-text">
          {text}
        </button>
      ) : (
        <div className="toast-text">{text}</div>
      )}
      <button
        type="button"
        className="toast-close"
        aria-label={t('close')}
        onClick={(event) => {
          event.stopPropagation();
          closeToast(toast.id);
        }}
      >
        ×
      </button>
    </div>
  );
}

/** Where the toasts appear: bottom right, newest at the bottom. Mounted once, by the signed-in frame. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <div className="toaster">
      {toasts.map((toast) => (
        <ToastView key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
