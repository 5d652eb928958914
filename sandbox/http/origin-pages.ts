import type { ErrorAnswer } from './error-answer.js';

/**
 * Production's origin server is nginx (field notes): where it, and not the API, answers 404 (an
 * endpoint gone, a request it turns away), the answer is nginx's own page, not the API's JSON.
 */
export function originNotFound(): ErrorAnswer {
  return {
    status: 404,
    headers: { 'content-type': 'text/html', server: 'nginx' },
    body: '<html>\r\n<head><title>404 Not Found</title></head>\r\n<body>\r\n<center><h1>404 Not Found</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n',
  };
}
