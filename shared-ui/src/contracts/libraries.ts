// The parts of the page's singletons remotes use, from the shell's own copies. react-i18next,
// react-redux and Redux Toolkit are not shared libraries (a shared library is shipped whole: Trans,
// connect, createAsyncThunk, listeners… about 17 KB gzip no first screen uses); the shell bundles what
// it uses, and remotes reach the one i18next binding and the one store through these re-exports of this
// shared contract module. Lint forbids importing those libraries in a remote (types excepted).
export { useTranslation } from 'react-i18next';
export { useSelector } from 'react-redux';
export { createSlice } from '@reduxjs/toolkit';
