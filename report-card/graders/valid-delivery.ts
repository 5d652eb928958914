// C6-01: the receiver answers a valid delivery 2xx within the sandbox's timeout (no answer in time
// is a failure).
import { isSuccess } from '../records.js';
import { gradeDeliveries } from '../deliveries.js';

export const gradeValidDelivery = gradeDeliveries('plain', isSuccess, '2xx in time');
