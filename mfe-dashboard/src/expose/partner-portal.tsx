// The partner portal (route PartnerPortal, `/partner?partner=<activity id>&month=YYYY-MM`): signed-in
// partner staff. The shell's guard asks for an account with an e-mail; the screen asks the database
// which partners the user is staff of (my_partners) and every figure comes from RPCs that check it again.
import { Themed } from '../lib/frame.tsx';
import { PartnerPortal as Portal } from '../features/partner/components/portal.tsx';
import { useScreenView } from './use-screen-view.ts';

export default function PartnerPortal() {
  useScreenView();
  return (
    <Themed>
      <Portal />
    </Themed>
  );
}
