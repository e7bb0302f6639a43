// UI state of the dashboard remote, injected into the shell's store by ./register.
import { createSlice } from '@guestmap/shared-ui/contracts';

export const dashboardUi = createSlice({
  name: 'dashboard',
  initialState: { screenViews: 0 },
  reducers: {
    screenViewed(state) {
      state.screenViews += 1;
    },
  },
});
