// Async boundary: shared singletons are negotiated with the remotes before the app runs. The boot starts
// a task after this entry (Module Federation's runtime and share scope) so the two are not one long task.
const channel = new MessageChannel();
channel.port1.onmessage = () => void import(/* webpackChunkName: "boot" */ './bootstrap');
channel.port2.postMessage(null);
