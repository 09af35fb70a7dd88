// libPaginateHighlight.so: GNU source-highlight's library behind the C table of
// paginate_highlight.h. A highlighter reports, for each line, the runs of each element the
// language definition names (keyword, string, comment, …), brought to paginate's syntax
// classes. Exceptions from the library (a language file that does not parse, a regular
// expression that fails) stop at this boundary and become messages.
#include "paginate_highlight.h"

#include <srchilite/formatter.h>
#include <srchilite/formattermanager.h>
#include <srchilite/formatterparams.h>
#include <srchilite/langdefmanager.h>
#include <srchilite/langmap.h>
#include <srchilite/regexrulefactory.h>
#include <srchilite/settings.h>
#include <srchilite/sourcehighlighter.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace {

// Every call into the library holds the gate. When the process exits, a handler takes the
// gate and keeps it: a reader's thread still highlighting finishes its line first, and no
// line starts while the library's static objects (its regular expressions) are destroyed
// after it. (The handler is registered after the library is loaded, so it runs before the
// library's destructors.) A std::mutex has no destructor work to race with.
std::mutex gate;

void closeGate() { gate.lock(); }

void registerExitHandler() {
  static std::once_flag once;
  std::call_once(once, [] { std::atexit(closeGate); });
}

// Where the runs of the line being highlighted go.
struct Sink {
  paginate_highlight_emit emit = nullptr;
  void *context = nullptr;
};

// Reports each string of one element with its class and its place in the line.
class RunFormatter : public srchilite::Formatter {
 public:
  RunFormatter(Sink *sink, int syntaxClass) : sink(sink), syntaxClass(syntaxClass) {}

  void format(const std::string &text, const srchilite::FormatterParams *params) override {
    if (syntaxClass == PAGINATE_SYNTAX_NONE || text.empty() || params == nullptr || params->start < 0) return;
    sink->emit(sink->context, static_cast<size_t>(params->start), text.size(), syntaxClass);
  }

 private:
  Sink *sink;
  int syntaxClass;
};

// source-highlight's element names (those its language files use most) and their classes.
const std::map<std::string, int> &elementClasses() {
  static const std::map<std::string, int> classes = {
      {"keyword", PAGINATE_SYNTAX_KEYWORD},      {"type", PAGINATE_SYNTAX_TYPE},
      {"usertype", PAGINATE_SYNTAX_TYPE},         {"classname", PAGINATE_SYNTAX_TYPE},
      {"string", PAGINATE_SYNTAX_STRING},         {"regexp", PAGINATE_SYNTAX_STRING},
      {"specialchar", PAGINATE_SYNTAX_STRING},    {"comment", PAGINATE_SYNTAX_COMMENT},
      {"todo", PAGINATE_SYNTAX_COMMENT},          {"number", PAGINATE_SYNTAX_NUMBER},
      {"preproc", PAGINATE_SYNTAX_PREPROCESSOR},  {"function", PAGINATE_SYNTAX_FUNCTION},
      {"predef_func", PAGINATE_SYNTAX_FUNCTION},  {"variable", PAGINATE_SYNTAX_VARIABLE},
      {"vardef", PAGINATE_SYNTAX_VARIABLE},       {"predef_var", PAGINATE_SYNTAX_VARIABLE},
      {"symbol", PAGINATE_SYNTAX_SYMBOL},         {"cbracket", PAGINATE_SYNTAX_SYMBOL},
      {"atom", PAGINATE_SYNTAX_CONSTANT},         {"label", PAGINATE_SYNTAX_CONSTANT},
      {"attribute", PAGINATE_SYNTAX_VARIABLE},    {"property", PAGINATE_SYNTAX_VARIABLE},
  };
  return classes;
}

// The state between two lines.
struct State {
  srchilite::HighlightStatePtr current;
  srchilite::HighlightStateStack stack;
};

struct Highlighter {
  srchilite::RegexRuleFactory ruleFactory;
  srchilite::LangDefManager languages{&ruleFactory};
  std::unique_ptr<srchilite::SourceHighlighter> highlighter;
  std::unique_ptr<srchilite::FormatterManager> formatters;
  srchilite::FormatterParams params;
  Sink sink;
};

void fail(char *error, size_t size, const char *message) {
  if (size > 0) std::snprintf(error, size, "%s", message);
}

std::string dataDirectory(const char *dataDir) {
  return dataDir != nullptr ? std::string(dataDir) : srchilite::Settings::retrieveDataDir();
}

void *create(const char *dataDir, const char *languageFile, char *error, size_t size) {
  registerExitHandler();
  std::lock_guard<std::mutex> hold(gate);
  try {
    auto made = std::make_unique<Highlighter>();
    auto main = made->languages.getHighlightState(dataDirectory(dataDir), languageFile);
    made->highlighter = std::make_unique<srchilite::SourceHighlighter>(main);
    made->formatters = std::make_unique<srchilite::FormatterManager>(
        srchilite::FormatterPtr(new RunFormatter(&made->sink, PAGINATE_SYNTAX_NONE)));
    for (const auto &entry : elementClasses()) {
      made->formatters->addFormatter(entry.first, srchilite::FormatterPtr(new RunFormatter(&made->sink, entry.second)));
    }
    made->highlighter->setFormatterManager(made->formatters.get());
    made->highlighter->setFormatterParams(&made->params);
    // Each string is reported as it is matched, at its own place (an optimised highlighter
    // gathers strings of one element and reports them with the last one's place).
    made->highlighter->setOptimize(false);
    return made.release();
  } catch (const std::exception &exception) {
    fail(error, size, exception.what());
  } catch (...) {
    fail(error, size, "source-highlight could not read the language definition");
  }
  return nullptr;
}

void destroy(void *highlighter) {
  std::lock_guard<std::mutex> hold(gate);
  delete static_cast<Highlighter *>(highlighter);
}

int line(void *opaque, const char *text, size_t length, paginate_highlight_emit emit, void *context, char *error,
         size_t size) {
  std::lock_guard<std::mutex> hold(gate);
  auto *highlighter = static_cast<Highlighter *>(opaque);
  highlighter->sink = Sink{emit, context};
  try {
    highlighter->highlighter->highlightParagraph(std::string(text, length));
    return 0;
  } catch (const std::exception &exception) {
    fail(error, size, exception.what());
  } catch (...) {
    fail(error, size, "source-highlight failed on a line");
  }
  return 1;
}

void *save(void *opaque) {
  std::lock_guard<std::mutex> hold(gate);
  auto *highlighter = static_cast<Highlighter *>(opaque)->highlighter.get();
  auto *state = new State;
  state->current = highlighter->getCurrentState();
  state->stack = *highlighter->getStateStack();
  return state;
}

void restore(void *opaque, const void *saved) {
  std::lock_guard<std::mutex> hold(gate);
  auto *highlighter = static_cast<Highlighter *>(opaque)->highlighter.get();
  if (saved == nullptr) {
    highlighter->setCurrentState(highlighter->getMainState());
    highlighter->clearStateStack();
    return;
  }
  const auto *state = static_cast<const State *>(saved);
  highlighter->setCurrentState(state->current);
  highlighter->setStateStack(srchilite::HighlightStateStackPtr(new srchilite::HighlightStateStack(state->stack)));
}

void release(void *state) {
  std::lock_guard<std::mutex> hold(gate);
  delete static_cast<State *>(state);
}

int languageFile(const char *dataDir, const char *name, int byFileName, char *out, size_t size) {
  std::lock_guard<std::mutex> hold(gate);
  try {
    srchilite::LangMap map(dataDirectory(dataDir), "lang.map");
    map.open();
    std::string file = byFileName ? map.getMappedFileNameFromFileName(name) : map.getMappedFileName(name);
    if (file.empty() || file.size() + 1 > size) return 0;
    std::memcpy(out, file.c_str(), file.size() + 1);
    return 1;
  } catch (...) {
    return 0;
  }
}

size_t languageNames(const char *dataDir, char *out, size_t size) {
  std::lock_guard<std::mutex> hold(gate);
  try {
    srchilite::LangMap map(dataDirectory(dataDir), "lang.map");
    map.open();
    std::string names;
    for (const auto &name : map.getLangNames()) names += name + "\n";
    if (size > 0) {
      size_t count = names.size() < size - 1 ? names.size() : size - 1;
      std::memcpy(out, names.data(), count);
      out[count] = 0;
    }
    return names.size() + 1;
  } catch (...) {
    return 0;
  }
}

const struct paginate_highlight_api table = {PAGINATE_HIGHLIGHT_API_VERSION, create, destroy, line, save, restore, release,
                                             languageFile, languageNames};

}  // namespace

extern "C" __attribute__((visibility("default"))) const struct paginate_highlight_api *paginate_highlight_api(void) {
  return &table;
}
