// C3-02: clients must tolerate unknown statuses: a valid delivery whose status is outside section 3
// (the field notes list a wider set) is answered 2xx.
import { isSuccess } from '../records.js';
import { gradeDeliveries } from '../deliveries.js';

export const gradeUnknownStatusDelivery = gradeDeliveries('unknown status', isSuccess, '2xx');
