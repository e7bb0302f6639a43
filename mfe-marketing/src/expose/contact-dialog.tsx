// The contact form dialog, as the shell loads it (lazily). Mounted means open; it calls onClose
// (when the shell passes one) after sending or when dismissed.
import { ContactFormDialog, type ContactDialogProps } from '../features/contact/contact-form-dialog.tsx';

export default function ContactDialog(props: ContactDialogProps) {
  return <ContactFormDialog {...props} />;
}
