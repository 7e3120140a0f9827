#include "CContentTokens.h"

// qpdf's smart pointers as qpdf 11 declares them, without its transition warning.
#define POINTERHOLDER_TRANSITION 4

#include <qpdf/BufferInputSource.hh>
#include <qpdf/QPDFTokenizer.hh>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace {

/// The MCID among a BDC's operands (`/MCID` then an integer), or -1.
int mcidOf(const std::vector<QPDFTokenizer::Token> &operands) {
    for (size_t i = 0; i < operands.size(); ++i) {
        if (operands[i].getType() != QPDFTokenizer::tt_name || operands[i].getValue() != "/MCID") continue;
        for (size_t j = i + 1; j < operands.size(); ++j) {
            auto type = operands[j].getType();
            if (type == QPDFTokenizer::tt_space || type == QPDFTokenizer::tt_comment) continue;
            if (type == QPDFTokenizer::tt_integer) return std::atoi(operands[j].getValue().c_str());
            return -1;
        }
    }
    return -1;
}

} // namespace

unsigned char *ccontent_mark_artifacts(const unsigned char *data, size_t length,
                                       const int *mcids, size_t count, size_t *length_out) {
    try {
        std::string contents(reinterpret_cast<const char *>(data), length);
        auto input = std::make_shared<BufferInputSource>("content stream", contents);
        QPDFTokenizer tokenizer;
        tokenizer.allowEOF();
        tokenizer.includeIgnorable();
        std::string output;
        output.reserve(length + 64);
        // The operands read since the last operator, written out when their operator is.
        std::vector<QPDFTokenizer::Token> operands;
        while (true) {
            QPDFTokenizer::Token token = tokenizer.readToken(input, "content stream", true);
            auto type = token.getType();
            if (type == QPDFTokenizer::tt_eof) break;
            if (type == QPDFTokenizer::tt_bad) return nullptr;
            if (type != QPDFTokenizer::tt_word) {
                operands.push_back(token);
                continue;
            }
            if (token.getValue() == "BDC") {
                int mcid = mcidOf(operands);
                if (mcid >= 0 && std::binary_search(mcids, mcids + count, mcid)) {
                    // On a line of its own: the operands dropped held the space before it.
                    output += "\n/Artifact BMC";
                    operands.clear();
                    continue;
                }
            }
            for (auto &operand : operands) output += operand.getRawValue();
            operands.clear();
            output += token.getRawValue();
            // An inline image's data follows ID: read whole, not as tokens.
            if (token.getValue() == "ID") tokenizer.expectInlineImage(input);
        }
        for (auto &operand : operands) output += operand.getRawValue();
        auto *buffer = static_cast<unsigned char *>(std::malloc(output.size() ? output.size() : 1));
        if (!buffer) return nullptr;
        std::memcpy(buffer, output.data(), output.size());
        *length_out = output.size();
        return buffer;
    } catch (...) {
        return nullptr;
    }
}
