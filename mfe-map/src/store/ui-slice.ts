// UI state of the map remote, injected into the shell's store by ./register.
import { createSlice } from '@reduxjs/toolkit';

export const mapUi = createSlice({
  name: 'map',
  initialState: { screenViews: 0 },
  reducers: {
    screenViewed(state) {
      state.screenViews += 1;
    },
  },
});
