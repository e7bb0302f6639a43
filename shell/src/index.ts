// Async boundary: shared singletons are negotiated with the remotes before the app runs.
import('./bootstrap');
