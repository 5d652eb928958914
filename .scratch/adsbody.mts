import { readAdsBody } from '../sandbox/test-helpers/ads-body.ts';
const id = (x: unknown) => x;
for (const body of ['{"ads":[]}', '{ "ads" : [ ] }', '{"ads":[{"id":"a","status":"b"}]}', '{"ads":[{"id":"a","status":"b"} , {"id":"c","status":"d"}],"x":1}', '{"ads":[1,,2]}', '{"ads":[1,]}', '{"ads":[,1]}', '{"ads":{}}', '[1]', '{"ads":[1]} x', '{"x":{"ads":[1]}}', '{"ads":[1],"ads":[2]}', '{"ads":[{"id":"a,]}","status":"b"}]}', '{"ads":[{]}]}', '{"ads":[ 1 2 ]}','{"ads":[],}', '']) {
  try { console.log(JSON.stringify(body), JSON.stringify(await readAdsBody(Buffer.from(body), 10, id))); } catch (e) { console.log(JSON.stringify(body), 'ERR', (e as Error).message); }
}
