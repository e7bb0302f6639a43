// The contact form dialog: a native modal <dialog> (focus trap, Escape, backdrop for free) with light
// form controls; fields are validated as the user leaves them and again on submit; one request at a
// time; success and error toasts through the shell.
import { useCallback, useEffect, useRef, useState, type FocusEvent, type FormEvent } from 'react';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { useInFlight } from '@guestmap/shared-ui/in-flight';
import '../../../styles/marketing.css';
import { ContactSendError, sendContactMessage } from '../api/send-contact-message.ts';
import {
  validateContact,
  validateContactField,
  MAX,
  type ContactError,
  type ContactField,
  type ContactValues,
} from '../utils/validate.ts';
import type { ContactTopic } from '../../../lib/utils/contact-topic.ts';

export interface ContactDialogProps {
  onClose?: () => void;
  topic?: ContactTopic;
}

const EMPTY: ContactValues = { name: '', email: '', hotel: '', message: '' };

export function ContactFormDialog({ onClose, topic = 'general' }: ContactDialogProps) {
  const { t } = useTranslation('marketing');
  const { db, toast, locale, profile, user } = usePlatform();
  const ref = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(true);
  const [values, setValues] = useState<ContactValues>(() => ({
    ...EMPTY,
    email: profile?.email ?? user?.email ?? '',
    name: profile?.displayName ?? '',
    message: topic === 'general' ? '' : t(`contact.prefill.${topic}`),
  }));
  const [errors, setErrors] = useState<Partial<Record<ContactField, ContactError>>>({});
  // One request id per message (kept in this tab until answered): a send whose answer was lost is
  // checked by sending it again with that id, automatically when the connection returns; the database
  // keeps the message once. The same text sent again later reuses the id too.
  const send = useCallback((v: ContactValues, key: string) => sendContactMessage(db, v, locale, key), [db, locale]);
  const flight = useInFlight<ContactValues, true>({
    send: async (v, key) => {
      await send(v, key);
      return true;
    },
    fingerprint: (v) => JSON.stringify([v.name.trim(), v.email.trim(), v.hotel.trim(), v.message.trim()]),
    storageKey: 'guestmap.contact',
  });
  const checking = flight.state.status === 'checking';
  const sending = flight.state.status === 'sending';
  const inFlight = useRef(false);

  useEffect(() => {
    const d = ref.current;
    if (!d || d.open) return;
    if (typeof d.showModal === 'function') d.showModal();
    else d.setAttribute('open', '');
  }, []);

  const close = () => {
    // While sending, wait for the answer; while checking (no connection), the guest may leave: the
    // message keeps its id, so sending it again later never stores it twice.
    if (sending) return;
    ref.current?.close?.();
    setOpen(false);
    onClose?.();
  };

  const set = (f: ContactField, v: string) => {
    setValues((s) => ({ ...s, [f]: v }));
    // Once a field shows an error, it is re-checked as the user types so the message goes away.
    if (errors[f]) setErrors((e) => ({ ...e, [f]: validateContactField(f, v) ?? undefined }));
  };
  const blur = (f: ContactField, next: EventTarget | null) => {
    // Leaving a field for Send, Cancel or Close: Send validates everything itself, and a message
    // appearing now would shift the button away from under the pointer before the click lands.
    if (next instanceof HTMLElement && next.closest('button')) return;
    setErrors((e) => ({ ...e, [f]: validateContactField(f, values[f]) ?? undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (inFlight.current) return;
    const found = validateContact(values);
    setErrors(found);
    const first = (Object.keys(values) as ContactField[]).find((f) => found[f]);
    if (first) {
      ref.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    inFlight.current = true;
    try {
      const sent = await flight.run(values);
      if (sent) {
        toast.success(t('contact.sent'));
        inFlight.current = false;
        close();
      }
    } finally {
      inFlight.current = false;
    }
  };

  // The server's refusal, once: over the limits (a few messages an hour per address and per network)
  // says to wait, not to check the connection.
  const failure = flight.state.status === 'failed' ? flight.state.error : null;
  useEffect(() => {
    if (!failure) return;
    toast.error(
      t(
        failure instanceof ContactSendError && failure.reason === 'rate_limited'
          ? 'contact.rateLimited'
          : 'contact.failed',
      ),
    );
  }, [failure, toast, t]);

  if (!open) return null;

  const message = (f: ContactField) => {
    const err = errors[f];
    if (!err) return null;
    return (
      <p className="gmk-error" id={`gmk-contact-${f}-error`}>
        {err.key === 'tooLong' ? t('validation.tooLong', { max: err.max }) : t(`validation.${err.key}`)}
      </p>
    );
  };
  const field = (
    f: ContactField,
    label: string,
    opts: { type?: string; autoComplete?: string; multiline?: boolean; optional?: boolean } = {},
  ) => {
    const id = `gmk-contact-${f}`;
    const common = {
      id,
      name: f,
      value: values[f],
      maxLength: MAX[f],
      'aria-invalid': errors[f] ? true : undefined,
      'aria-describedby': errors[f] ? `${id}-error` : undefined,
      'aria-required': opts.optional ? undefined : true,
      onBlur: (e: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => blur(f, e.relatedTarget),
    };
    return (
      <div className="gmk-field">
        <label htmlFor={id}>
          {label}
          {opts.optional && <span className="gmk-muted gmk-small"> ({t('contact.optional')})</span>}
        </label>
        {opts.multiline ? (
          <textarea className="gmk-textarea" rows={5} {...common} onChange={(e) => set(f, e.target.value)} />
        ) : (
          <input
            className="gmk-input"
            type={opts.type ?? 'text'}
            autoComplete={opts.autoComplete}
            {...common}
            onChange={(e) => set(f, e.target.value)}
          />
        )}
        {message(f)}
      </div>
    );
  };

  return (
    <dialog
      ref={ref}
      className="gmk-dialog gmk-page"
      aria-labelledby="gmk-contact-title"
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
      onClick={(e) => {
        // A click on the backdrop lands on the <dialog> element itself.
        if (e.target === e.currentTarget) close();
      }}
    >
      <form className="gmk-dialog-body" noValidate onSubmit={(e) => void submit(e)}>
        <div className="gmk-dialog-head">
          <div>
            <h2 id="gmk-contact-title">{t('ContactDialog.title')}</h2>
            <p className="gmk-muted gmk-small" style={{ margin: '6px 0 0' }}>
              {t('contact.intro')}
            </p>
          </div>
          <button type="button" className="gmk-icon-btn" onClick={close} aria-label={t('contact.close')}>
            ×
          </button>
        </div>
        {field('name', t('contact.name'), { autoComplete: 'name' })}
        {field('email', t('contact.email'), { type: 'email', autoComplete: 'email' })}
        {field('hotel', t('contact.hotel'), { autoComplete: 'organization', optional: true })}
        {field('message', t('contact.message'), { multiline: true })}
        <p className="gmk-hint">{t('contact.privacy')}</p>
        {checking && (
          <p className="gmk-hint gmk-in-flight" role="status">
            {t('contact.checking')}
          </p>
        )}
        <div className="gmk-actions">
          <button type="button" className="gmk-btn" onClick={close} disabled={sending}>
            {t('contact.cancel')}
          </button>
          {checking ? (
            // The message already sent (same id): pressing it checks now instead of waiting.
            <button type="button" className="gmk-btn gmk-btn-primary" onClick={flight.checkNow}>
              <span className="gmk-spin" aria-hidden="true" />
              {t('contact.send')}
            </button>
          ) : (
            <button
              type="submit"
              className="gmk-btn gmk-btn-primary"
              disabled={sending}
              aria-busy={sending || undefined}
            >
              {sending && <span className="gmk-spin" aria-hidden="true" />}
              {sending ? t('contact.sending') : t('contact.send')}
            </button>
          )}
        </div>
      </form>
    </dialog>
  );
}

export default ContactFormDialog;
