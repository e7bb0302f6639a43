// The place panel as the map shows it (loaded when a place is first opened): the panel, with its favourite
// button bound to the user's favourites (hooks/use-favourite.ts), so the map's first screen reads none.
import type { ComponentProps } from 'react';
import { ActivityPanel } from './activity-panel.tsx';
import { useFavourite } from '../hooks/use-favourite.ts';

export type PlacePanelProps = Omit<ComponentProps<typeof ActivityPanel>, 'saved' | 'onFavourite'> & {
  customerId: string;
};

export function ActivityPanelWithFavourite({ customerId, ...props }: PlacePanelProps) {
  const favourite = useFavourite(customerId, props.activity);
  return <ActivityPanel {...props} saved={favourite.saved} onFavourite={() => void favourite.toggle()} />;
}
