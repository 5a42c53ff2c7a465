# Usage: cmake -DIN=file -DOUT=file.cpp -DSYMBOL=name -P embed.cmake
file(READ "${IN}" content HEX)
string(LENGTH "${content}" len)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${content}")
file(WRITE "${OUT}" "// Generated from ${IN}; do not edit.\n#include <string_view>\n")
file(APPEND "${OUT}" "namespace villainy::embedded {\nstatic const unsigned char ${SYMBOL}_bytes[] = {${bytes} 0};\n")
file(APPEND "${OUT}" "extern const std::string_view ${SYMBOL};\nconst std::string_view ${SYMBOL}(reinterpret_cast<const char*>(${SYMBOL}_bytes), sizeof(${SYMBOL}_bytes) - 1);\n}\n")
