// UI state of the account remote, injected into the shell's store by ./register.
import { createSlice } from '@guestmap/shared-ui/contracts';

export const accountUi = createSlice({
  name: 'account',
  initialState: { screenViews: 0 },
  reducers: {
    screenViewed(state) {
      state.screenViews += 1;
    },
  },
});
