import { luaString } from './wrk.js';

/**
 * A wrk request script that sends each pre-issued authorization code once: thread n of t takes the
 * codes on lines n, n + t, n + 2t... When the pool runs out it sends a code that does not exist, so
 * the shortfall shows as non-2xx answers instead of silently measuring the error path.
 */
export function codePoolLua(options: {
  codesFile: string;
  threads: number;
  formWithoutCode: string;
}): string {
  return `
local next_thread_id = 0
setup = function(thread)
  thread:set("thread_id", next_thread_id)
  next_thread_id = next_thread_id + 1
end

init = function(args)
  codes = {}
  local line_number = 0
  for line in io.lines(${luaString(options.codesFile)}) do
    if line_number % ${options.threads} == thread_id then codes[#codes + 1] = line end
    line_number = line_number + 1
  end
  next_code = 1
  headers = { ["Content-Type"] = "application/x-www-form-urlencoded" }
  form = ${luaString(options.formWithoutCode)}
end

request = function()
  local code = codes[next_code] or "pool-exhausted"
  next_code = next_code + 1
  return wrk.format("POST", nil, headers, form .. "&code=" .. code)
end
`;
}
