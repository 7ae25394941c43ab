//===- IncludeFileSystem.cpp - the file system Clang reads shaders from ---===//

#include "IncludeFileSystem.h"
#include "SourceRewrites.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

bool mlir::hlsl::normalizeIncludeSeparators(std::string &text) {
  bool changed = false;
  size_t at = 0;
  while ((at = text.find("include", at)) != std::string::npos) {
    size_t word = at;
    at += strlen("include");
    // `#` and blanks before, at the start of a line.
    size_t before = word;
    while (before > 0 && (text[before - 1] == ' ' || text[before - 1] == '\t'))
      --before;
    if (before == 0 || text[before - 1] != '#')
      continue;
    size_t hash = before - 1;
    while (hash > 0 && (text[hash - 1] == ' ' || text[hash - 1] == '\t'))
      --hash;
    if (hash > 0 && text[hash - 1] != '\n' && text[hash - 1] != '\r')
      continue;
    size_t open = at;
    while (open < text.size() && (text[open] == ' ' || text[open] == '\t'))
      ++open;
    if (open >= text.size() || (text[open] != '"' && text[open] != '<'))
      continue;
    char close = text[open] == '"' ? '"' : '>';
    for (size_t i = open + 1;
         i < text.size() && text[i] != close && text[i] != '\n'; ++i)
      if (text[i] == '\\') {
        text[i] = '/';
        changed = true;
      }
  }
  return changed;
}

namespace {
/// A file read in full (its text changed or not).
class BufferedFile : public vfs::File {
public:
  BufferedFile(vfs::Status status, std::unique_ptr<MemoryBuffer> buffer)
      : fileStatus(std::move(status)), buffer(std::move(buffer)) {}
  ErrorOr<vfs::Status> status() override { return fileStatus; }
  ErrorOr<std::unique_ptr<MemoryBuffer>> getBuffer(const Twine &name, int64_t,
                                                   bool, bool) override {
    return MemoryBuffer::getMemBufferCopy(buffer->getBuffer(), name);
  }
  std::error_code close() override { return {}; }

private:
  vfs::Status fileStatus;
  std::unique_ptr<MemoryBuffer> buffer;
};

class IncludeFileSystem : public vfs::ProxyFileSystem {
public:
  IncludeFileSystem(IntrusiveRefCntPtr<vfs::FileSystem> base,
                    bool narrowLongLiterals)
      : ProxyFileSystem(std::move(base)),
        narrowLongLiterals(narrowLongLiterals) {}

  ErrorOr<std::unique_ptr<vfs::File>>
  openFileForRead(const Twine &path) override {
    ErrorOr<std::unique_ptr<vfs::File>> file =
        ProxyFileSystem::openFileForRead(path);
    if (!file)
      return file;
    ErrorOr<vfs::Status> status = (*file)->status();
    ErrorOr<std::unique_ptr<MemoryBuffer>> buffer =
        (*file)->getBuffer(path, /*FileSize=*/-1,
                           /*RequiresNullTerminator=*/false);
    if (!status || !buffer)
      return file;
    // (The file is read once: an unchanged one keeps the buffer read.)
    std::string text = (*buffer)->getBuffer().str();
    bool changed = mlir::hlsl::applyFileTextPasses(text, narrowLongLiterals);
    std::unique_ptr<MemoryBuffer> contents =
        changed ? MemoryBuffer::getMemBufferCopy(text, path)
                : std::move(*buffer);
    return std::unique_ptr<vfs::File>(
        std::make_unique<BufferedFile>(*status, std::move(contents)));
  }

private:
  bool narrowLongLiterals;
};
} // namespace

bool mlir::hlsl::applyFileTextPasses(std::string &text,
                                     bool narrowLongLiterals) {
  bool changed = normalizeIncludeSeparators(text);
  changed |= blankVulkanAttributes(text);
  changed |= boolElementsAsUint(text);
  changed |= infinityLiterals(text);
  if (narrowLongLiterals)
    changed |= narrowLongIntegerLiterals(text);
  return changed;
}

IntrusiveRefCntPtr<vfs::FileSystem>
mlir::hlsl::createIncludeFileSystem(bool narrowLongLiterals) {
  return makeIntrusiveRefCnt<IncludeFileSystem>(vfs::getRealFileSystem(),
                                                narrowLongLiterals);
}
