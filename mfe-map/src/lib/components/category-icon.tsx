// A category's icon in React (decorative: the category's name is always written next to it).
import { categoryIconPaths } from '../utils/category-icons.ts';

export function CategoryIcon({ category, size = 16 }: { category: string; size?: number }) {
  return (
    <svg
      className="gm-cat-icon"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {categoryIconPaths(category).map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
