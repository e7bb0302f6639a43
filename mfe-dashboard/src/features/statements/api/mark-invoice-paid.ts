// Administrators: a partner's invoice was paid (`mark_invoice_paid`; who and when are recorded).
import type { TypedClient } from '@guestmap/shared-ui/database';
import { rpc } from '../../../lib/api/rpc.ts';

export const markInvoicePaid = (db: TypedClient, id: string) => rpc(db, 'mark_invoice_paid', { p_invoice_id: id });
