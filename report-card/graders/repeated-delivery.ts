// C6-03: retries, ordering and timeouts are not shown: a duplicate, late or out-of-order delivery
// is answered 2xx like any other (the receiver deduplicates, it does not refuse).
import { isSuccess } from '../records.js';
import { gradeDeliveries } from '../deliveries.js';

export const gradeRepeatedDelivery = gradeDeliveries('repeated', isSuccess, '2xx');
