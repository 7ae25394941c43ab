//===- ExternalValidator.cpp - Run DXC's validator on a container ---------===//

#include "HLSL/Driver/ExternalValidator.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace mlir::hlsl;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Expected<std::string>
mlir::hlsl::findValidator(llvm::StringRef explicitPath) {
  std::string path = explicitPath.str();
  if (path.empty())
    if (std::optional<std::string> env = llvm::sys::Process::GetEnv("HLSL_DXV"))
      path = *env;
  if (path.empty()) {
    llvm::ErrorOr<std::string> found = llvm::sys::findProgramByName("dxv");
    if (!found)
      return makeError("--validate: no validator found; give "
                       "--validator=PATH, set HLSL_DXV, or put DXC's dxv on "
                       "PATH");
    path = *found;
  }
  if (!llvm::sys::fs::can_execute(path))
    return makeError("--validate: the validator '" + path +
                     "' is not an executable file");
  return path;
}

llvm::Error mlir::hlsl::runValidator(llvm::StringRef validator,
                                     llvm::StringRef container) {
  llvm::SmallString<128> input, log;
  int inputFD;
  if (std::error_code ec = llvm::sys::fs::createTemporaryFile(
          "hlsl-validate", "dxil", inputFD, input))
    return makeError("--validate: cannot create a temporary file: " +
                     ec.message());
  auto removeInput = llvm::scope_exit([&] { llvm::sys::fs::remove(input); });
  {
    llvm::raw_fd_ostream os(inputFD, /*shouldClose=*/true);
    os << container;
    if (os.has_error())
      return makeError("--validate: cannot write '" + input + "'");
  }
  if (std::error_code ec =
          llvm::sys::fs::createTemporaryFile("hlsl-validate", "log", log))
    return makeError("--validate: cannot create a temporary file: " +
                     ec.message());
  auto removeLog = llvm::scope_exit([&] { llvm::sys::fs::remove(log); });

  llvm::StringRef args[] = {validator, input};
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, log.str(),
                                                log.str()};
  std::string message;
  int status = llvm::sys::ExecuteAndWait(validator, args, std::nullopt,
                                         redirects, /*SecondsToWait=*/0,
                                         /*MemoryLimit=*/0, &message);
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> output =
      llvm::MemoryBuffer::getFile(log);
  llvm::StringRef text =
      output ? (*output)->getBuffer().trim() : llvm::StringRef();
  if (status < 0)
    return makeError("--validate: cannot run '" + validator + "': " + message);
  // dxv prints "Validation succeeded." and exits 0; anything else is a
  // rejection, whose text names the failing rules.
  if (status != 0 || !text.contains("Validation succeeded"))
    return makeError("the validator rejected the container (exit " +
                     llvm::Twine(status) + "):\n" + text);
  return llvm::Error::success();
}
