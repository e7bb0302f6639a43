// The contact form dialog, as the shell loads it (lazily, for ?dialogContact=true). Mounted and
// open means shown; it calls onClose after sending or when dismissed (Escape, Close, Cancel, backdrop).
import { ContactFormDialog, type ContactDialogProps } from '../features/contact/components/contact-form-dialog.tsx';

export default function ContactDialog({ open = true, ...props }: ContactDialogProps & { open?: boolean }) {
  return open ? <ContactFormDialog {...props} /> : null;
}
