// Async boundary: shared singletons are negotiated with the remotes before the app runs.
import(/* webpackChunkName: "boot" */ './bootstrap');
