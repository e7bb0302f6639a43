// Illustrations of the product's phone screens (map, place, rewards, hotel welcome), drawn as SVG
// so they stay crisp and light: the hero's picture, and any carousel slide without a real screenshot yet.
// Their texts are the page's language (`drawings.*` in the catalogues), as the product would show them.
// About 270 lines, kept whole: four SVG drawings sharing one phone frame and its pieces (streets, pins).
import { useId, type ReactNode } from 'react';
import { useCopy } from '../hooks/use-copy.ts';

const W = 240;
const H = 480;

function Phone({ children, label }: { children: ReactNode; label: string }) {
  const clip = `gmk-phone-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      width={W}
      height={H}
      role="img"
      aria-label={label}
      xmlns="http://www.w3.org/2000/svg"
    >
      <defs>
        <clipPath id={clip}>
          <rect x="8" y="8" width={W - 16} height={H - 16} rx="26" />
        </clipPath>
      </defs>
      <rect width={W} height={H} rx="32" fill="#17201b" />
      <g clipPath={`url(#${clip})`}>
        <rect x="8" y="8" width={W - 16} height={H - 16} fill="#f6f8f7" />
        {children}
        <rect x="8" y="8" width={W - 16} height="22" fill="rgba(255,255,255,.85)" />
        <text x="24" y="24" fontSize="9" fontWeight="700" fill="#17201b">
          9:41
        </text>
        <rect x="190" y="16" width="18" height="8" rx="2" fill="none" stroke="#17201b" />
        <rect x="192" y="18" width="12" height="4" fill="#17201b" />
      </g>
      <rect x="92" y="14" width="56" height="12" rx="6" fill="#17201b" />
    </svg>
  );
}

function Streets() {
  return (
    <g>
      <rect x="8" y="30" width="224" height="450" fill="#e8efe9" />
      <path
        d="M8 120 L232 170 M8 260 L232 230 M60 30 L110 480 M170 30 L150 480 M8 380 L232 400"
        stroke="#fff"
        strokeWidth="10"
      />
      <path
        d="M8 120 L232 170 M8 260 L232 230 M60 30 L110 480 M170 30 L150 480 M8 380 L232 400"
        stroke="#dfe5e1"
        strokeWidth="1"
      />
      <path d="M8 330 C80 300 140 360 232 320 L232 360 C140 400 80 340 8 370 Z" fill="#bfdcea" />
      <rect x="120" y="70" width="40" height="40" rx="6" fill="#cfe8d5" />
      <rect x="20" y="180" width="30" height="50" rx="6" fill="#cfe8d5" />
    </g>
  );
}

function Pin({ x, y, color, glyph }: { x: number; y: number; color: string; glyph: string }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <path d="M0 0 C-12 -14 -12 -30 0 -30 C12 -30 12 -14 0 0 Z" fill={color} stroke="#fff" strokeWidth="2" />
      <text x="0" y="-16" fontSize="11" textAnchor="middle" fill="#fff">
        {glyph}
      </text>
    </g>
  );
}

export function MapScreen({ label }: { label: string }) {
  const { t } = useCopy();
  return (
    <Phone label={label}>
      <Streets />
      <rect x="18" y="40" width="204" height="34" rx="17" fill="#fff" stroke="#dfe5e1" />
      <circle cx="36" cy="57" r="6" fill="none" stroke="#56625b" strokeWidth="2" />
      <rect x="50" y="53" width="90" height="8" rx="4" fill="#dfe5e1" />
      <g fontSize="9" fontWeight="600">
        <rect x="18" y="82" width="52" height="20" rx="10" fill="#5AB77B" />
        <text x="44" y="95" textAnchor="middle" fill="#0b2615">
          {t('drawings.food')}
        </text>
        <rect x="74" y="82" width="52" height="20" rx="10" fill="#fff" stroke="#dfe5e1" />
        <text x="100" y="95" textAnchor="middle" fill="#17201b">
          {t('drawings.sights')}
        </text>
        <rect x="130" y="82" width="52" height="20" rx="10" fill="#fff" stroke="#dfe5e1" />
        <text x="156" y="95" textAnchor="middle" fill="#17201b">
          {t('drawings.cafes')}
        </text>
      </g>
      <Pin x={90} y={160} color="#e4572e" glyph="●" />
      <Pin x={150} y={210} color="#5AB77B" glyph="★" />
      <Pin x={60} y={250} color="#1d5fbf" glyph="●" />
      <Pin x={185} y={140} color="#b26a00" glyph="●" />
      <Pin x={120} y={300} color="#68529E" glyph="●" />
      <circle cx="128" cy="235" r="7" fill="#1d5fbf" stroke="#fff" strokeWidth="3" />
      <circle cx="128" cy="235" r="16" fill="#1d5fbf" opacity=".15" />
      <rect x="8" y="360" width="224" height="120" rx="18" fill="#fff" />
      <rect x="104" y="368" width="32" height="4" rx="2" fill="#dfe5e1" />
      <rect x="20" y="382" width="60" height="60" rx="10" fill="#f2c48d" />
      <text x="90" y="396" fontSize="11" fontWeight="700" fill="#17201b">
        {t('drawings.market')}
      </text>
      <text x="90" y="411" fontSize="9" fill="#56625b">
        {t('drawings.marketMeta')}
      </text>
      <rect x="90" y="420" width="96" height="18" rx="9" fill="#e6f4ea" />
      <text x="98" y="432" fontSize="8.5" fontWeight="700" fill="#2e7d4f">
        {t('drawings.guestDiscount')}
      </text>
    </Phone>
  );
}

export function PlaceScreen({ label }: { label: string }) {
  const { t } = useCopy();
  return (
    <Phone label={label}>
      <rect x="8" y="30" width="224" height="150" fill="#f2c48d" />
      <path d="M8 180 L70 110 L110 150 L160 90 L232 180 Z" fill="#d98f4e" />
      <circle cx="190" cy="70" r="16" fill="#fbe3b8" />
      <rect x="16" y="40" width="28" height="28" rx="14" fill="rgba(255,255,255,.9)" />
      <text x="30" y="59" fontSize="14" textAnchor="middle" fill="#17201b">
        ‹
      </text>
      <rect x="196" y="40" width="28" height="28" rx="14" fill="rgba(255,255,255,.9)" />
      <text x="210" y="59" fontSize="13" textAnchor="middle" fill="#e4572e">
        ♥
      </text>
      <text x="20" y="206" fontSize="15" fontWeight="800" fill="#17201b">
        Secret Garden
      </text>
      <text x="20" y="223" fontSize="9.5" fill="#56625b">
        {t('drawings.placeMeta')}
      </text>
      <text x="20" y="238" fontSize="9.5" fill="#2e7d4f" fontWeight="700">
        {t('drawings.openUntil')}
      </text>
      <rect x="20" y="250" width="200" height="44" rx="10" fill="#e6f4ea" stroke="#5AB77B" />
      <text x="32" y="268" fontSize="9" fontWeight="800" fill="#2e7d4f">
        {t('drawings.guestOffer')}
      </text>
      <text x="32" y="284" fontSize="10" fontWeight="600" fill="#17201b">
        {t('drawings.offerText')}
      </text>
      <rect x="20" y="306" width="200" height="6" rx="3" fill="#dfe5e1" />
      <rect x="20" y="318" width="170" height="6" rx="3" fill="#dfe5e1" />
      <rect x="20" y="330" width="185" height="6" rx="3" fill="#dfe5e1" />
      <rect x="20" y="350" width="200" height="28" rx="8" fill="#fff" stroke="#dfe5e1" />
      <text x="30" y="368" fontSize="9" fill="#56625b">
        158 Pasteur, Bến Nghé, Quận 1
      </text>
      <rect x="20" y="420" width="96" height="36" rx="10" fill="#5AB77B" />
      <text x="68" y="442" fontSize="11" fontWeight="700" textAnchor="middle" fill="#0b2615">
        {t('drawings.directions')}
      </text>
      <rect x="124" y="420" width="96" height="36" rx="10" fill="#fff" stroke="#dfe5e1" />
      <text x="172" y="442" fontSize="11" fontWeight="700" textAnchor="middle" fill="#17201b">
        {t('drawings.call')}
      </text>
    </Phone>
  );
}

export function RewardsScreen({ label }: { label: string }) {
  const { t } = useCopy();
  const colors = ['#5AB77B', '#68529E', '#f2c48d', '#1d5fbf', '#e4572e', '#0E7C86'];
  const cx = 120;
  const cy = 200;
  const r = 78;
  return (
    <Phone label={label}>
      <rect x="8" y="30" width="224" height="450" fill="#f4f0fb" />
      <text x="120" y="62" fontSize="14" fontWeight="800" textAnchor="middle" fill="#17201b">
        {t('drawings.yourRewards')}
      </text>
      <rect x="70" y="72" width="100" height="22" rx="11" fill="#68529E" />
      <text x="120" y="87" fontSize="10" fontWeight="700" textAnchor="middle" fill="#fff">
        {t('drawings.points')}
      </text>
      {colors.map((c, i) => {
        const a0 = (i / colors.length) * Math.PI * 2;
        const a1 = ((i + 1) / colors.length) * Math.PI * 2;
        const p = (a: number) => `${cx + r * Math.cos(a)} ${cy + r * Math.sin(a)}`;
        return (
          <path
            key={c}
            d={`M${cx} ${cy} L${p(a0)} A${r} ${r} 0 0 1 ${p(a1)} Z`}
            fill={c}
            stroke="#fff"
            strokeWidth="2"
          />
        );
      })}
      <circle cx={cx} cy={cy} r="16" fill="#fff" stroke="#17201b" strokeWidth="2" />
      <path d={`M${cx - 8} ${cy - r - 10} L${cx + 8} ${cy - r - 10} L${cx} ${cy - r + 6} Z`} fill="#17201b" />
      <rect x="60" y="292" width="120" height="30" rx="15" fill="#68529E" />
      <text x="120" y="311" fontSize="11" fontWeight="700" textAnchor="middle" fill="#fff">
        {t('drawings.spin')}
      </text>
      <rect x="20" y="340" width="200" height="96" rx="14" fill="#fff" stroke="#dfe5e1" />
      <text x="34" y="362" fontSize="10" fontWeight="800" fill="#17201b">
        {t('drawings.scratch')}
      </text>
      <rect x="34" y="372" width="172" height="50" rx="8" fill="#b3adc0" />
      <path d="M40 400 q20 -20 40 0 t40 0 t40 0" stroke="#d8d3e2" strokeWidth="10" fill="none" strokeLinecap="round" />
      <text x="150" y="402" fontSize="10" fontWeight="800" fill="#17201b">
        {t('drawings.scratchPrize')}
      </text>
    </Phone>
  );
}

export function WelcomeScreen({ label }: { label: string }) {
  const { t } = useCopy();
  return (
    <Phone label={label}>
      <rect x="8" y="30" width="224" height="170" fill="#0E7C86" />
      <circle cx="120" cy="84" r="24" fill="#fff" />
      <text x="120" y="91" fontSize="18" fontWeight="800" textAnchor="middle" fill="#0E7C86">
        SR
      </text>
      <text x="120" y="130" fontSize="13" fontWeight="800" textAnchor="middle" fill="#fff">
        Saigon Riverside Hotel
      </text>
      <text x="120" y="148" fontSize="9" textAnchor="middle" fill="#d9f1f3">
        {t('drawings.welcome')}
      </text>
      <g fontSize="9" fontWeight="700">
        <rect x="54" y="162" width="40" height="20" rx="10" fill="#fff" />
        <text x="74" y="175" textAnchor="middle" fill="#0E7C86">
          EN
        </text>
        <rect x="100" y="162" width="40" height="20" rx="10" fill="rgba(255,255,255,.25)" />
        <text x="120" y="175" textAnchor="middle" fill="#fff">
          VI
        </text>
        <rect x="146" y="162" width="40" height="20" rx="10" fill="rgba(255,255,255,.25)" />
        <text x="166" y="175" textAnchor="middle" fill="#fff">
          FR
        </text>
      </g>
      {[
        ['#e4572e', t('drawings.eatLocal'), t('drawings.places', { count: 12 })],
        ['#1d5fbf', t('drawings.sightsNearby'), t('drawings.places', { count: 8 })],
        ['#68529E', t('drawings.rooftops'), t('drawings.places', { count: 5 })],
        ['#5AB77B', t('drawings.spa'), t('drawings.partners', { count: 3 })],
      ].map(([color, title, sub], i) => (
        <g key={title} transform={`translate(20 ${214 + i * 62})`}>
          <rect width="200" height="52" rx="12" fill="#fff" stroke="#dfe5e1" />
          <rect x="8" y="8" width="36" height="36" rx="10" fill="#e3f2f3" />
          <circle cx="26" cy="26" r="9" fill={color} />
          <circle cx="26" cy="26" r="3.5" fill="#fff" />
          <text x="54" y="24" fontSize="11" fontWeight="700" fill="#17201b">
            {title}
          </text>
          <text x="54" y="39" fontSize="9" fill="#56625b">
            {sub}
          </text>
          <text x="186" y="31" fontSize="14" fill="#56625b">
            ›
          </text>
        </g>
      ))}
    </Phone>
  );
}
