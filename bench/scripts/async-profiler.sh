# Sourced by the bench scripts that profile. Sets LIB to bench/target/async-profiler and fetches
# async-profiler there from Maven Central (tools.profiler:async-profiler) the first time;
# the agent is then $LIB/linux-x64/libasyncProfiler.so.
PROFILER_VERSION=4.1
LIB="$ROOT/bench/target/async-profiler"
mkdir -p "$LIB"
if [ ! -f "$LIB/linux-x64/libasyncProfiler.so" ]; then
  mvn -B -ntp -q dependency:copy -Dartifact="tools.profiler:async-profiler:$PROFILER_VERSION" \
    -DoutputDirectory="$LIB"
  (cd "$LIB" && unzip -o -q "async-profiler-$PROFILER_VERSION.jar" 'linux-x64/*')
fi
