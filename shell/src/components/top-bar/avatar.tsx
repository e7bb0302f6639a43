import { useState } from 'react';

/** The account's picture, or its initials when it has none or the picture cannot load. */
export function Avatar({ name, url, size = 32 }: { name: string; url: string | null; size?: number }) {
  const [broken, setBroken] = useState(false);
  const initials = name
    .split(/[\s@._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return url && !broken ? (
    <img
      className="gm-avatar"
      src={url}
      alt=""
      width={size}
      height={size}
      onError={() => setBroken(true)}
      referrerPolicy="no-referrer"
    />
  ) : (
    <span className="gm-avatar gm-avatar-initials" style={{ width: size, height: size }} aria-hidden="true">
      {initials || '?'}
    </span>
  );
}
