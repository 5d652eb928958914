/**
 * Playwright captures a stack trace for every step it records (each fixture's set-up and
 * teardown, each attachment, each `test.step`), and the source-map-support it installs in its
 * workers copies every frame of every trace into an object of some twenty closures while looking
 * for a source map: a worker's largest cost after the browser (1.7 s of CPU in a run of the
 * gate). Only the files Playwright compiled can have a source map; the frames of the others
 * (packages under node_modules, Node's own modules) are handed to it as frames it passes through
 * untouched, printed in its own format for an unmapped frame.
 */
export function passLibraryFramesThrough(): void {
  // Unset (undefined) unless a library installed one, whatever Node's types say.
  // eslint-disable-next-line @typescript-eslint/unbound-method -- V8 calls it unbound, and so does this.
  const mapStack = Error.prepareStackTrace as StackMapper | undefined;
  if (mapStack === undefined || installed.has(mapStack)) return;
  const passing = (error: Error, frames: NodeJS.CallSite[]): unknown =>
    mapStack(
      error,
      frames.map((frame) => (isLibraryFrame(frame) ? new PassedFrame(frame) : frame)),
    );
  installed.add(passing);
  Error.prepareStackTrace = passing;
}

type StackMapper = (error: Error, frames: NodeJS.CallSite[]) => unknown;
const installed = new WeakSet<StackMapper>();

function isLibraryFrame(frame: NodeJS.CallSite): boolean {
  const file = frame.getFileName() ?? '';
  return file.startsWith('node:') || file.includes('/node_modules/');
}

/**
 * A frame that says it is native (source-map-support returns such a frame as it is and prints it
 * with toString) and answers everything else as the frame it stands for.
 */
class PassedFrame implements NodeJS.CallSite {
  constructor(private readonly frame: NodeJS.CallSite) {}
  isNative(): boolean {
    return true;
  }
  /**
   * The line as source-map-support writes an unmapped frame (never V8's `async ` prefix, which
   * Playwright's filter of its own frames does not read), without the type of `this`: asking V8
   * for it cost more than the mapping this class spares.
   */
  toString(): string {
    const { frame } = this;
    const location = `${frame.getFileName() ?? '<anonymous>'}:${frame.getLineNumber() ?? 0}:${frame.getColumnNumber() ?? 0}`;
    const name = frame.getFunctionName();
    if (frame.isConstructor()) return `new ${name ?? '<anonymous>'} (${location})`;
    return name === null || name === '' ? location : `${name} (${location})`;
  }
  getThis() {
    return this.frame.getThis();
  }
  getTypeName() {
    return this.frame.getTypeName();
  }
  getFunction() {
    return this.frame.getFunction();
  }
  getFunctionName() {
    return this.frame.getFunctionName();
  }
  getMethodName() {
    return this.frame.getMethodName();
  }
  getFileName() {
    return this.frame.getFileName();
  }
  getLineNumber() {
    return this.frame.getLineNumber();
  }
  getColumnNumber() {
    return this.frame.getColumnNumber();
  }
  getEvalOrigin() {
    return this.frame.getEvalOrigin();
  }
  isToplevel() {
    return this.frame.isToplevel();
  }
  isEval() {
    return this.frame.isEval();
  }
  isConstructor() {
    return this.frame.isConstructor();
  }
  isAsync() {
    return this.frame.isAsync();
  }
  isPromiseAll() {
    return this.frame.isPromiseAll();
  }
  getPromiseIndex() {
    return this.frame.getPromiseIndex();
  }
  getScriptNameOrSourceURL() {
    return this.frame.getScriptNameOrSourceURL();
  }
  getScriptHash() {
    return this.frame.getScriptHash();
  }
  getEnclosingColumnNumber() {
    return this.frame.getEnclosingColumnNumber();
  }
  getEnclosingLineNumber() {
    return this.frame.getEnclosingLineNumber();
  }
  getPosition() {
    return this.frame.getPosition();
  }
}
