// Mails the stack "sends" (reset codes, confirmations) are kept here and served by the inbox.
import crypto from 'node:crypto';

export interface Address {
  name: string;
  address: string;
}

export interface Mail {
  id: string;
  messageId: string;
  from: Address;
  to: Address[];
  subject: string;
  text: string;
  html: string;
  created: string;
  read: boolean;
}

const escapeHtml = (s: string) => s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

export class Mailbox {
  private mails: Mail[] = [];
  private listeners = new Set<(m: Mail) => void>();

  send(m: { to: string; toName?: string; subject: string; text: string; html?: string }): Mail {
    const id = crypto.randomBytes(11).toString('base64url');
    const mail: Mail = {
      id,
      messageId: `${id}@guestmap.local`,
      from: { name: 'Guestmap', address: 'noreply@guestmap.local' },
      to: [{ name: m.toName ?? '', address: m.to }],
      subject: m.subject,
      text: m.text,
      html: m.html ?? `<pre>${escapeHtml(m.text)}</pre>`,
      created: new Date().toISOString(),
      read: false,
    };
    this.mails.unshift(mail);
    for (const l of this.listeners) l(mail);
    return mail;
  }
  /** Newest first. */
  list(): Mail[] {
    return this.mails;
  }
  get(id: string): Mail | undefined {
    return this.mails.find((m) => m.id === id);
  }
  delete(ids: string[]): void {
    const drop = new Set(ids);
    this.mails = this.mails.filter((m) => !drop.has(m.id));
  }
  clear(): void {
    this.mails = [];
  }
  /** Calls `fn` for every new mail; returns an unsubscribe function. */
  onMail(fn: (m: Mail) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
}
