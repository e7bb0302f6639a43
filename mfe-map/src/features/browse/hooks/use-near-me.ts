// "Near me": the guest's position, asked for on the button's tap, and the state the button shows.
import { useCallback, useState } from 'react';
import type { LatLng } from '../../../lib/utils/distance.ts';
import type { NearState } from '../components/filter-bar.tsx';

export interface NearMe {
  near: NearState;
  me: LatLng | null;
  /** Turns "Near me" off, or asks for the position (`onLocated` runs once it is known). */
  toggle: () => void;
}

export function useNearMe(onLocated: () => void): NearMe {
  const [near, setNear] = useState<NearState>('off');
  const [me, setMe] = useState<LatLng | null>(null);
  const toggle = useCallback(() => {
    if (near === 'on') {
      setNear('off');
      setMe(null);
      return;
    }
    if (!('geolocation' in navigator)) {
      setNear('unavailable');
      return;
    }
    setNear('locating');
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setMe({ latitude: pos.coords.latitude, longitude: pos.coords.longitude });
        setNear('on');
        onLocated();
      },
      (err) => setNear(err.code === err.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      { enableHighAccuracy: false, timeout: 15000, maximumAge: 60000 },
    );
  }, [near, onLocated]);
  return { near, me, toggle };
}
