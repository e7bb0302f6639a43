// "Show to driver": the address in the local script, in large type, full screen, for a taxi or
// motorbike driver to read from the guest's phone.
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '@guestmap/shared-ui/contracts';

interface Props {
  name: string;
  address: string;
  onClose: () => void;
}

export function DriverCard({ name, address, onClose }: Props) {
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
        {t('driver.title')}
      </p>
      <p className="gm-driver-name" lang="vi">
        {name}
      </p>
      <p className="gm-driver-address" lang="vi">
        {address}
      </p>
      <button ref={closeRef} type="button" className="gm-btn-primary gm-driver-close" onClick={onClose}>
        {t('driver.close')}
      </button>
    </div>,
    document.body,
  );
}
