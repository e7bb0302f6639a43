// UI state of the marketing remote, injected into the shell's store by ./register.
import { createSlice } from '@guestmap/shared-ui/contracts';

export const marketingUi = createSlice({
  name: 'marketing',
  initialState: { screenViews: 0 },
  reducers: {
    screenViewed(state) {
      state.screenViews += 1;
    },
  },
});
