//===- EditorMessages.h - what the editor tells clangd, watched -*- C++ -*-===//
//
// clangd reads the editor's messages on its main thread and builds each file
// on a worker thread of its own. The checks run on that worker, so a
// long analysis holds the file's newer texts and, at exit, the server itself
// (clangd waits for its workers). The analysis can stop early
// (lib/Tidy/AnalysisStop.h), but only if someone tells it that a newer text
// arrived or that the server is shutting down: clangd offers no hook for
// that, so a thread of ours reads the editor's stdin first, passes every
// byte on to clangd through a pipe, unchanged, and reports the few messages
// that matter.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_CLANGD_EDITORMESSAGES_H
#define CUDA_COALESCE_CLANGD_EDITORMESSAGES_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <chrono>
#include <functional>
#include <optional>
#include <string>

namespace coalesce::clangd {

struct EditorEvents {
  /// textDocument/didChange or didClose of File (an absolute path).
  std::function<void(llvm::StringRef File)> Changed;
  /// The shutdown request, the exit notification, or the end of input.
  std::function<void()> ShuttingDown;
  /// The exit notification; when empty, ShuttingDown hears of it instead.
  std::function<void()> Exit;
};

/// Splits a byte stream into the bodies of its LSP messages (each behind a
/// Content-Length header), whatever pieces the stream comes in.
class MessageSplitter {
public:
  /// Bytes from the stream; calls OnBody for each message completed.
  void feed(llvm::StringRef Bytes,
            llvm::function_ref<void(llvm::StringRef Body)> OnBody);
  /// Set once the stream is not the framing we know (no Content-Length):
  /// from then on nothing more is split.
  bool lost() const { return Lost; }

private:
  std::string Pending;
  bool Lost = false;
};

/// Reports a message body to Events if it is one of theirs.
void inspectMessage(llvm::StringRef Body, const EditorEvents &Events);

/// The path of a file: URI; nullopt for any other scheme.
std::optional<std::string> pathOfFileUri(llvm::StringRef Uri);

/// Puts a pipe in clangd's place on stdin (fd 0) and starts the thread that
/// feeds it from the editor. Once the editor sends exit (or its input ends),
/// a server still running ExitGrace later ends itself, with the exit code
/// the protocol asks for. On error, stdin is left as it was.
llvm::Error watchEditorMessages(EditorEvents Events,
                                std::chrono::seconds ExitGrace);

} // namespace coalesce::clangd

#endif
