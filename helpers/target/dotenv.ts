// `.env` is read by the configuration module, the one place that touches the environment.
export { loadDotEnv } from '../../config/environment.js';
