//===- EditorMessages.cpp -------------------------------------------------===//

#include "Clangd/EditorMessages.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <thread>

#include <pthread.h>
#include <unistd.h>

using namespace llvm;

namespace coalesce::clangd {

void MessageSplitter::feed(StringRef Bytes,
                           function_ref<void(StringRef Body)> OnBody) {
  if (Lost)
    return;
  Pending.append(Bytes.data(), Bytes.size());
  size_t Start = 0;
  while (true) {
    StringRef Rest = StringRef(Pending).drop_front(Start);
    size_t HeaderEnd = Rest.find("\r\n\r\n");
    if (HeaderEnd == StringRef::npos) {
      // Headers are a line or two; kilobytes of them are not LSP.
      if (Rest.size() > 4096)
        Lost = true;
      break;
    }
    std::optional<size_t> Length;
    SmallVector<StringRef, 4> Lines;
    Rest.take_front(HeaderEnd).split(Lines, "\r\n");
    for (StringRef Line : Lines) {
      auto [Name, Value] = Line.split(':');
      size_t N;
      if (Name.trim().equals_insensitive("content-length") &&
          !Value.trim().getAsInteger(10, N))
        Length = N;
    }
    if (!Length) {
      Lost = true;
      break;
    }
    size_t BodyStart = HeaderEnd + 4;
    if (Rest.size() < BodyStart + *Length)
      break;
    OnBody(Rest.substr(BodyStart, *Length));
    Start += BodyStart + *Length;
  }
  Pending.erase(0, Start);
  if (Lost)
    Pending.clear();
}

std::optional<std::string> pathOfFileUri(StringRef Uri) {
  if (!Uri.consume_front("file://"))
    return std::nullopt;
  std::string Path;
  for (size_t I = 0; I < Uri.size(); ++I) {
    if (Uri[I] == '%' && I + 2 < Uri.size() && isHexDigit(Uri[I + 1]) &&
        isHexDigit(Uri[I + 2])) {
      Path += char(hexFromNibbles(Uri[I + 1], Uri[I + 2]));
      I += 2;
    } else {
      Path += Uri[I];
    }
  }
  return Path;
}

void inspectMessage(StringRef Body, const EditorEvents &Events) {
  Expected<json::Value> V = json::parse(Body);
  if (!V) {
    consumeError(V.takeError()); // clangd answers it; nothing of ours
    return;
  }
  const json::Object *O = V->getAsObject();
  std::optional<StringRef> Method = O ? O->getString("method") : std::nullopt;
  if (!Method)
    return;
  if (*Method == "shutdown" || (*Method == "exit" && !Events.Exit)) {
    Events.ShuttingDown();
    return;
  }
  if (*Method == "exit") {
    Events.Exit();
    return;
  }
  if (*Method != "textDocument/didChange" && *Method != "textDocument/didClose")
    return;
  const json::Object *Params = O->getObject("params");
  const json::Object *Doc = Params ? Params->getObject("textDocument") : nullptr;
  std::optional<StringRef> Uri = Doc ? Doc->getString("uri") : std::nullopt;
  if (!Uri)
    return;
  if (std::optional<std::string> Path = pathOfFileUri(*Uri))
    Events.Changed(*Path);
}

namespace {

bool writeAll(int FD, StringRef Bytes) {
  while (!Bytes.empty()) {
    ssize_t N = ::write(FD, Bytes.data(), Bytes.size());
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    Bytes = Bytes.drop_front(N);
  }
  return true;
}

/// ShutdownFirst: the editor asked for shutdown before it left.
void exitAfter(std::chrono::seconds Grace, bool ShutdownFirst) {
  static std::atomic<bool> Started{false};
  if (Started.exchange(true))
    return;
  std::thread([Grace, ShutdownFirst] {
    std::this_thread::sleep_for(Grace);
    // clangd would have returned by now but for a worker that does not
    // finish: leave without waiting for it (nothing of the editor's is
    // lost, it sent exit), as the protocol asks: 0 after shutdown, else 1.
    std::_Exit(ShutdownFirst ? 0 : 1);
  }).detach();
}

} // namespace

Error watchEditorMessages(EditorEvents Events, std::chrono::seconds ExitGrace) {
  int Pipe[2];
  if (::pipe(Pipe) != 0)
    return errorCodeToError(std::error_code(errno, std::generic_category()));
  int Editor = ::dup(STDIN_FILENO);
  if (Editor < 0 || ::dup2(Pipe[0], STDIN_FILENO) < 0) {
    std::error_code EC(errno, std::generic_category());
    if (Editor >= 0)
      ::close(Editor);
    ::close(Pipe[0]);
    ::close(Pipe[1]);
    return errorCodeToError(EC);
  }
  ::close(Pipe[0]);
  int ToClangd = Pipe[1];
  std::thread([Events = std::move(Events), Editor, ToClangd, ExitGrace] {
    // A write to clangd once it has stopped reading fails with EPIPE here
    // rather than killing the server with SIGPIPE.
    sigset_t Pipe;
    sigemptyset(&Pipe);
    sigaddset(&Pipe, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &Pipe, nullptr);
    bool ShutdownFirst = false;
    EditorEvents Watch = Events;
    Watch.ShuttingDown = [&] {
      ShutdownFirst = true;
      Events.ShuttingDown();
    };
    Watch.Exit = [&] {
      Events.ShuttingDown();
      exitAfter(ExitGrace, ShutdownFirst);
    };
    MessageSplitter Splitter;
    char Buffer[1 << 16];
    bool Forwarding = true;
    while (true) {
      ssize_t N = ::read(Editor, Buffer, sizeof Buffer);
      if (N < 0 && errno == EINTR)
        continue;
      if (N <= 0)
        break;
      StringRef Bytes(Buffer, N);
      // Looked at before clangd sees them: the analysis of the older text
      // stops before the newer one is queued behind it.
      Splitter.feed(Bytes,
                    [&](StringRef Body) { inspectMessage(Body, Watch); });
      if (Forwarding && !writeAll(ToClangd, Bytes))
        Forwarding = false;
    }
    // The editor is gone: clangd sees the end of its input and stops.
    bool Clean = ShutdownFirst;
    Events.ShuttingDown();
    ::close(ToClangd);
    ::close(Editor);
    exitAfter(ExitGrace, Clean);
  }).detach();
  return Error::success();
}

} // namespace coalesce::clangd
