const COLORS = {
  1: { fill: '#f5c542', ring: '#b7860b' },
  2: { fill: '#d5d9e2', ring: '#7b8394' },
  3: { fill: '#e0a06a', ring: '#9a5a26' },
} as const;

/** A medal for places 1 to 3; `title` is its accessible name. */
export function MedalIcon({ place, title, size = 28 }: { place: 1 | 2 | 3; title?: string; size?: number }) {
  const { fill, ring } = COLORS[place];
  return (
    <svg
      className="medal-icon"
      width={size}
      height={size}
      viewBox="0 0 32 32"
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      focusable="false"
    >
      <path d="M9 2h5l3 8h-5zM23 2h-5l-3 8h5z" fill="#6366f1" opacity="0.85" />
      <circle cx="16" cy="20" r="10" fill={fill} stroke={ring} strokeWidth="2" />
      <text
        x="16"
        y="24.5"
        textAnchor="middle"
        fontSize="12"
        fontWeight="700"
        fill={ring}
        fontFamily="system-ui, sans-serif"
      >
        {place}
      </text>
    </svg>
  );
}
