// cunumpy/runtime/build_info.hpp: how the library was built and which run-time CUDA
// libraries it found; safe on any machine (no GPU needed, nothing throws).
#include <cctype>

#include "array_helpers.hpp"

namespace cunumpy::test {

TEST(BuildInfo, DescribesTheBuild) {
  const BuildInfo b = build_info();
  ASSERT_FALSE(b.version.empty());
  EXPECT_TRUE(std::isdigit(static_cast<unsigned char>(b.version[0]))) << b.version;
  EXPECT_NE(b.version.find('.'), std::string::npos) << b.version;
  EXPECT_FALSE(b.compiler.empty());
  if (b.cuda) {
    EXPECT_GE(b.cuda_toolkit_version, 11000);
  } else {
    EXPECT_EQ(b.cuda_toolkit_version, 0);
  }
}

TEST(BuildInfo, CudaLibrariesSayFoundOrWhyNot) {
  const BuildInfo b = build_info();
  const std::vector<LibraryInfo> libs = cuda_libraries();
  if (!b.cuda) {
    EXPECT_TRUE(libs.empty());
    return;
  }
  ASSERT_FALSE(libs.empty());
  for (const LibraryInfo& l : libs) {
    EXPECT_FALSE(l.name.empty());
    if (l.found) {
      EXPECT_FALSE(l.path.empty()) << l.name;
    } else {
      EXPECT_FALSE(l.error.empty()) << l.name;
    }
  }
  // Asking twice gives the same answer (the libraries are loaded once).
  const std::vector<LibraryInfo> again = cuda_libraries();
  ASSERT_EQ(again.size(), libs.size());
  for (std::size_t i = 0; i < libs.size(); ++i) {
    EXPECT_EQ(again[i].name, libs[i].name);
    EXPECT_EQ(again[i].found, libs[i].found);
  }
}

}  // namespace cunumpy::test
