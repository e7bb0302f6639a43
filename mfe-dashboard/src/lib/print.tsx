// The printable page of a document (statement, invoices, payout, platform fee, a partner's invoice): the
// copy is rendered straight under <body>, the only thing print CSS keeps (the shell's header, the tabs
// and the buttons are not printed, whatever the shell's layout).
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

export const PRINT_CSS = `.gm-print-root { display: none; }
@media print {
  body > *:not(.gm-print-root) { display: none !important; }
  .gm-print-root { display: block; padding: 0 4mm; }
  .gm-print-root .ant-table { font-size: 10pt; }
  .gm-print-invoice { break-inside: avoid; margin-bottom: 8mm; }
}`;

/** Only while its screen is shown: a kept-alive hidden tab must not take over printing (the QR poster prints too). */
export function PrintCopy({ shown, testId, children }: { shown: boolean; testId: string; children: ReactNode }) {
  if (!shown) return null;
  return (
    <>
      <style>{PRINT_CSS}</style>
      {createPortal(
        <div className="gm-print-root" data-testid={testId}>
          {children}
        </div>,
        document.body,
      )}
    </>
  );
}

/** Opens the browser's print dialog once the print copy of the chosen document is rendered. */
export const printSoon = () => setTimeout(() => window.print(), 50);
