/* eslint-disable @typescript-eslint/no-empty-object-type -- filled in by declaration merging */

/**
 * What the two emitters (execution/: JSON text and result objects) keep on plans they run. The
 * plan reserves and initialises these slots; each emitter declares what it keeps in them by
 * TypeScript declaration merging (a `declare module` of this file in each emitter), so the slots are
 * typed where they are read and plan/ depends on nothing in execution/.
 *
 * - `TextFieldSlot`, `ObjectFieldSlot`: a field's completer for that emitter and its adaptive
 *   state, built the first time the emitter runs the field (src/engine/execution/executeToJSON.ts,
 *   src/engine/execution/executeToObject.ts).
 * - `TextWriter`, `ObjectBuilder`: a selection's generated code for that emitter
 *   (execution/generateSelection.ts).
 */
export interface TextFieldSlot {}
export interface ObjectFieldSlot {}
export interface TextWriter {}
export interface ObjectBuilder {}
