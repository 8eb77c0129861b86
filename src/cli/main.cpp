// The only place that touches argv, the standard streams and the process exit code.
#include <exception>
#include <new>
#include <string>
#include <iostream>

#include <unistd.h>

#include "app.hpp"
#include "cli.hpp"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  crasp::cli::io io{std::cin, std::cout, std::cerr, isatty(STDERR_FILENO) != 0};
  int code = 0;
  std::string command = "crasp";  // "crasp compile", for the out-of-memory message
  try {
    crasp::cli::command_line cl;
    try {
      cl.app().parse(argc, argv);
    } catch (const CLI::ParseError& e) {
      // --help and --version end parsing "successfully"; every other parse error is usage.
      code = cl.app().exit(e, std::cout, std::cerr) == 0 ? 0 : 2;
      std::cout.flush();
      return code;
    }
    for (const CLI::App* sub : cl.app().get_subcommands()) command += " " + sub->get_name();
    code = static_cast<int>(cl.dispatch(io));
  } catch (const std::bad_alloc&) {
    // Not a bug: the input asked for more memory than the machine has (a huge program, model or
    // input). Say so, and where, as an ordinary error. The unwinding has freed what the command
    // held, so printing can allocate again.
    std::cout.flush();
    std::cerr << command << ": error: out of memory"
              << (io.stage.empty() ? std::string() : " while " + std::string(io.stage))
              << "; the program, model or input is too large for this machine\n";
    code = static_cast<int>(crasp::cli::exit_code::failure);
  } catch (const std::exception& e) {
    std::cout.flush();
    std::cerr << "internal error: " << e.what() << '\n';
    code = static_cast<int>(crasp::cli::exit_code::internal);
  } catch (...) {
    std::cout.flush();
    std::cerr << "internal error: unknown exception\n";
    code = static_cast<int>(crasp::cli::exit_code::internal);
  }
  std::cout.flush();
  if (!std::cout) {
    std::cerr << "crasp: error: cannot write to standard output\n";
    if (code == 0) code = 1;
  }
  return code;
}
