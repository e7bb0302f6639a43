// Async boundary: shared singletons are negotiated before the standalone harness runs.
import('./bootstrap');
