// Mails the stack "sends" (reset codes, confirmations) are kept here and served by the inbox.
import crypto from 'node:crypto';

export interface Mail {
  id: string;
  messageId: string;
  from: { name: string; address: string };
  to: { name: string; address: string }[];
  subject: string;
  text: string;
  html: string;
  created: string;
  read: boolean;
}

export class Mailbox {
  private mails: Mail[] = [];
  send(m: { to: string; subject: string; text: string; html?: string }): Mail {
    const id = crypto.randomBytes(11).toString('base64url');
    const mail: Mail = {
      id,
      messageId: `${id}@guestmap.local`,
      from: { name: 'Guestmap', address: 'noreply@guestmap.local' },
      to: [{ name: '', address: m.to }],
      subject: m.subject,
      text: m.text,
      html: m.html ?? `<pre>${m.text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!)}</pre>`,
      created: new Date().toISOString(),
      read: false,
    };
    this.mails.unshift(mail);
    return mail;
  }
  list(): Mail[] {
    return this.mails;
  }
  get(id: string): Mail | undefined {
    return this.mails.find((m) => m.id === id);
  }
  clear(): void {
    this.mails = [];
  }
}
