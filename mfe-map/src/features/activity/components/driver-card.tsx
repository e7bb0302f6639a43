// "Show to driver": the address in the local script, in large type, full screen, for a taxi or
// motorbike driver to read from the guest's phone. It speaks to the driver: the instruction is in
// Vietnamese whatever the page's language (a constant, not a catalogue text: the Vietnamese catalogue is
// not loaded for other guests), with the guest's own words small beneath so they know what it says.
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import { OLD_ADDRESS_LABEL_VI } from '../../../lib/utils/vn-address.ts';

/** What the driver reads: the same words as the Vietnamese catalogue's driver.title. */
export const DRIVER_INSTRUCTION_VI = 'Vui lòng chở tôi đến:';

interface Props {
  /** The page's locale ('en-US', 'zh-CN', ...): the small line beneath is in it, unless it is Vietnamese. */
  locale: string;
  name: string;
  address: string;
  /** The same place in the pre-2025 form (old ward and district), which many drivers still know it by. */
  oldAddress?: string | null;
  onClose: () => void;
}

export function DriverCard({ locale, name, address, oldAddress, onClose }: Props) {
  const { t } = useTranslation('map');
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [onClose]);
  // A portal: full screen above everything, the shell's top bar included.
  return createPortal(
    <div className="gm-driver" role="dialog" aria-modal="true" aria-labelledby="gm-driver-title">
      <p className="gm-driver-hint" id="gm-driver-title">
        <span className="gm-driver-instruction" lang="vi">
          {DRIVER_INSTRUCTION_VI}
        </span>
        {!locale.startsWith('vi') && (
          <span className="gm-driver-guest" lang={locale}>
            {' '}
            {t('driver.title')}
          </span>
        )}
      </p>
      <p className="gm-driver-name" lang="vi" translate="no">
        {name}
      </p>
      <p className="gm-driver-address" lang="vi" translate="no">
        {address}
      </p>
      {oldAddress && (
        <p className="gm-driver-address gm-driver-old" lang="vi" translate="no">
          ({OLD_ADDRESS_LABEL_VI} {oldAddress})
        </p>
      )}
      <button ref={closeRef} type="button" className="gm-btn-primary gm-driver-close" onClick={onClose}>
        {t('driver.close')}
      </button>
    </div>,
    document.body,
  );
}
